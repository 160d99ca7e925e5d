// The owner feature's public entry: its plugin (app.ts).
export { ownerPlugin } from './plugin.ts';
export { toCsv, rupeesOf, type CsvCell } from './csv.ts';
