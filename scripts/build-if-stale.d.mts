export function buildIfStale(): void;
export function reactRouterBin(): string;
