import type { Fault } from "../faults/faultSchema.ts";
import { describeFault } from "./describeFault.ts";
import { describeConditions, describePath } from "./describeMatch.ts";

/**
 * The active faults, newest first, since the newest fault that matches a request is the one applied.
 * Each row is named by its name, when it has one (a scenario's usually do), above its path.
 */
export function FaultTable({ faults, onRemove }: { faults: readonly Fault[] | null; onRemove: (id: string) => void }) {
  return (
    // Its own scroll container: on a narrow window the table scrolls sideways, never the page.
    <div className="table-scroll">
      <table className="faults">
        <caption>Active faults, newest first: the newest one matching a request applies.</caption>
        <thead>
          <tr>
            <th scope="col">Fault</th>
            <th scope="col">What it does</th>
            <th scope="col">Times left</th>
            <th scope="col">Hits</th>
            <th scope="col">Id</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {faults === null || faults.length === 0 ? (
            <tr>
              <td colSpan={6} className="empty">
                {faults === null ? "Loading…" : "No active faults."}
              </td>
            </tr>
          ) : (
            [...faults].reverse().map((fault) => (
              <tr key={fault.id}>
                <td>
                  {fault.name !== undefined && <div className="fault-name">{fault.name}</div>}
                  <code>{describePath(fault.path)}</code>
                  {describeConditions(fault) && <div className="conditions">{describeConditions(fault)}</div>}
                </td>
                <td>{describeFault(fault)}</td>
                <td className="number">{fault.remaining ?? "until removed"}</td>
                <td className="number">{fault.hits}</td>
                <td>
                  <code>{fault.id}</code>
                </td>
                <td>
                  <button type="button" onClick={() => onRemove(fault.id)} aria-label={`Remove fault ${fault.id}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
