export const z = 3;
