import { useEffect, useState } from "react";
import { scopePath } from "../../src/core/basePath.ts";
import { CHECKLIST_PATH, CONTROL_PREFIX } from "../control/controlPaths.ts";
import { ConfigSwitches } from "./ConfigSwitches.tsx";
import { control, messageOf } from "./control.ts";
import { DeployControl } from "./DeployControl.tsx";
import { FaultForm } from "./FaultForm.tsx";
import { FaultTable } from "./FaultTable.tsx";
import { JournalView } from "./JournalView.tsx";
import { ReplayControl } from "./ReplayControl.tsx";
import { ScenarioView } from "./ScenarioView.tsx";
import { useFaults } from "./useFaults.ts";
import { useJournal } from "./useJournal.ts";
import { useJournalFilters } from "./useJournalFilters.ts";
import { useScenarioAndConfig } from "./useScenarioAndConfig.ts";

type Notice = { readonly status: string } | { readonly error: string };

/** The control panel: the scenario and the switches, the faults, then the live journal; reset and the app on top. */
export function Panel() {
  const journal = useJournal();
  const { faults, error: faultsError, refresh: refreshFaults } = useFaults();
  const setup = useScenarioAndConfig();
  const filters = useJournalFilters();
  const [notice, setNotice] = useState<Notice | null>(null);
  const appPath = setup.config === undefined ? null : scopePath(setup.config.basePath);

  // A request may have used up a `times` fault or counted a hit: each new entry refreshes the faults.
  const lastEntry = journal.entries.at(-1)?.id;
  useEffect(() => {
    if (lastEntry !== undefined) refreshFaults();
  }, [lastEntry, refreshFaults]);

  /** Runs `action`; the notice is what it returns, or `done`. */
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      const said = await action();
      setNotice({ status: typeof said === "string" ? said : done });
    } catch (error) {
      setNotice({ error: messageOf(error) });
    } finally {
      refreshFaults();
      void setup.refresh();
    }
  };

  return (
    <>
      <header className="banner">
        <h1>Mock server control panel</h1>
        <nav aria-label="Panel">
          {appPath !== null && <a href={appPath}>Open the app ({appPath})</a>}
          <a href="#setup-title">Scenario</a>
          <a href="#faults-title">Faults</a>
          <a href="#journal-title">Journal</a>
          <a href={`${CONTROL_PREFIX}${CHECKLIST_PATH}`}>Checklist</a>
        </nav>
        <button
          type="button"
          className="reset"
          aria-describedby="reset-hint"
          title="Empties the journal and restores the faults and configuration the server started with."
          onClick={() => act(control.reset, "Reset: an empty journal, and the faults and configuration the server started with.")}
        >
          Reset the mock server
        </button>
        <span id="reset-hint" className="visually-hidden">
          Empties the journal and restores the faults and configuration the server started with.
        </span>
      </header>
      <main>
        <p className="notice" role="status">
          {notice && "status" in notice ? notice.status : ""}
        </p>
        <p className="notice error" role="alert">
          {notice && "error" in notice ? notice.error : (faultsError ?? setup.error ?? "")}
        </p>
        <section aria-labelledby="setup-title" className="setup-section">
          <h2 id="setup-title">Scenario and configuration</h2>
          <ScenarioView scenario={setup.scenario} />
          <ConfigSwitches config={setup.config} onFlip={setup.flip} />
          <DeployControl
            state={setup.deploy}
            onDeploy={(oldAssets) =>
              act(async () => {
                const { deploy } = await control.deploy({ oldAssets });
                return `Deployed: deploy ${deploy}. An open page of the app finds the new worker at its next update check.`;
              }, "Deployed.")
            }
          />
          <ReplayControl
            replay={setup.replay}
            onLoad={(file) =>
              act(async () => {
                const loaded = await control.loadReplay(await file.text(), { name: file.name });
                return `Loaded ${loaded.name}: ${loaded.answering} of its ${loaded.entries} entries answer.`;
              }, "Loaded the HAR.")
            }
            onStop={() => act(control.stopReplay, "Stopped the replay: requests go to the app, or get a 404 without one.")}
          />
        </section>
        <section aria-labelledby="faults-title" className="faults-section">
          <h2 id="faults-title">Faults</h2>
          <FaultForm pathExample={`${appPath ?? "/app/"}pages/*`} onAdded={refreshFaults} />
          <FaultTable faults={faults} onRemove={(id) => act(() => control.removeFault(id), `Removed fault ${id}.`)} />
        </section>
        <section aria-labelledby="journal-title" className="journal-section">
          <h2 id="journal-title">Journal</h2>
          <JournalView journal={journal} filters={filters} />
        </section>
      </main>
    </>
  );
}
