export declare const REQUIRED_FOR_PRODUCTION: readonly string[];
export declare function productionBuildProblem(
  env: Record<string, string | undefined>,
): string | undefined;
