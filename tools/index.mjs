// The measuring tools, resolved from this folder's own node_modules (scripts/lib/tools.mjs).
export { default as autocannon } from 'autocannon';
export { default as lighthouse } from 'lighthouse';
export * as chromeLauncher from 'chrome-launcher';
