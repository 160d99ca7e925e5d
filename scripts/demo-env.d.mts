/** What the demo and the project's own checks name where production requires the platform's real details. */
export declare const DEMO_ENV: Readonly<Record<string, string>>;
