/** `npm run schemas`: writes the JSON Schemas generated from the zod schemas (profile.schema.json). */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PROFILE_SCHEMA_FILE, profileJsonSchema } from "../profile/profileJsonSchema.ts";

writeFileSync(PROFILE_SCHEMA_FILE, profileJsonSchema());
process.stdout.write(`Wrote ${fileURLToPath(PROFILE_SCHEMA_FILE)}\n`);
