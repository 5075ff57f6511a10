/** A recurring package's period arithmetic, shared with the web app (packages/shared/src/intervals.ts). */
export { addInterval, periodsPerYear, subtractInterval } from '@noise/shared/intervals';
