import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest runs the longest files first when it has their times from an earlier run, and else the
 * largest files first. A clean clone (CI) has no earlier run, and a few long files are small: the
 * hostile-input files are three lines each that run a shared 1,000-line suite for two minutes.
 * Started last, they kept one worker busy alone at the end of the HTTP suite. Files matching
 * `HEAVY` go first; the rest keep Vitest's order.
 */
const HEAVY = [/\/tests\/http\/hostile-input\.[^/]+\.test\.ts$/];

export default class HeavyFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const heavy = (spec: TestSpecification) => HEAVY.some((pattern) => pattern.test(spec.moduleId));
    return [...sorted.filter(heavy), ...sorted.filter((spec) => !heavy(spec))];
  }
}
