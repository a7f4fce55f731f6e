export function benchGoal(bench: string, goal: string, figure: string | number, pass: boolean): void;
export function goalsIn(output: string): { bench: string; goal: string; figure: string; pass: boolean }[];
