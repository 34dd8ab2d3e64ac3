import { describe, expect, test } from "vitest";
import { workflowCommand } from "./workflowCommand.ts";

describe("workflowCommand", () => {
  test("escapes %, CR and LF in the message, and leaves its colons and commas alone", () => {
    expect(workflowCommand("error", {}, "100% stored: a, b\r\nnext line")).toBe("::error::100%25 stored: a, b%0D%0Anext line");
  });

  test("escapes %, CR, LF, colons and commas in a property, which would end it or the command", () => {
    expect(workflowCommand("warning", { file: "conf/a,b:c.json", title: "NAV-1 required failed: 50%\nx" }, "m")).toBe(
      "::warning file=conf/a%2Cb%3Ac.json,title=NAV-1 required failed%3A 50%25%0Ax::m",
    );
  });

  test("an app's words cannot start a command of their own: no line break survives", () => {
    const line = workflowCommand("error", { title: "t" }, "Expected: heading\n::add-mask::secret\r::stop-commands::x");
    expect(line.split(/\r|\n/)).toEqual([line]);
    expect(line).toBe("::error title=t::Expected: heading%0A::add-mask::secret%0D::stop-commands::x");
  });

  test("leaves out a property that is undefined", () => {
    expect(workflowCommand("notice", { file: undefined, title: "pwa-conformance-kit" }, "Conforms.")).toBe("::notice title=pwa-conformance-kit::Conforms.");
  });
});
