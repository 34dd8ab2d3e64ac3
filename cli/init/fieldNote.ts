/** A note on one or more profile fields, named by their path in the file (`worker.scope`, `notApplicable.ERR-2`). */
export interface FieldNote {
  readonly fields: readonly string[];
  readonly text: string;
}
