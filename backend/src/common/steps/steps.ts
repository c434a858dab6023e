/**
 * A piece of work made of declared steps, each with its undo, in the manner of Medusa's workflow steps
 * (`createStep(id, invoke, compensate)`): a step that fails undoes the steps before it that ran, in reverse
 * order, once each, and the run fails with that step's error. A process stopped between steps undoes nothing:
 * what it left is put right by the sweep of whoever owns the taken thing.
 */
export interface Step {
  /** What the step does, in the shop's words ("take the units"): named in a failed undo's report. */
  name: string;
  /** Does the step. A step that is not needed this time (no coupon) is left out of the list, not skipped here. */
  run(): Promise<unknown>;
  /** Gives back what `run` took; called at most once, only after `run` returned. */
  undo?(): Promise<unknown>;
}

/**
 * A step's failure after which the undo must not run: whether the step took effect is not known (the
 * database went away mid-write), so what the steps took stays until the sweep knows. The run fails with
 * `error`.
 */
export class OutcomeUnknown extends Error {
  constructor(readonly error: unknown) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/** An undo that failed while the steps were being undone (reported; the run still fails with the step's own error). */
export interface UndoFailure {
  step: string;
  error: unknown;
}

/**
 * Runs `steps` in order. When one throws, the steps before it are undone last to first (a failing undo is
 * reported to `undoFailed` and the others still run) and the step's error is thrown; an OutcomeUnknown undoes
 * nothing and throws the error it carries.
 */
export async function runSteps(steps: readonly Step[], undoFailed: (failure: UndoFailure) => void = () => undefined): Promise<void> {
  const done: Step[] = [];
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      if (error instanceof OutcomeUnknown) throw error.error;
      for (const earlier of done.reverse()) {
        try {
          await earlier.undo?.();
        } catch (undoError) {
          undoFailed({ step: earlier.name, error: undoError });
        }
      }
      throw error;
    }
    done.push(step);
  }
}
