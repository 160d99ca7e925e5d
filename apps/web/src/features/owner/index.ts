// What other features take from the owner's area: a file from the API saved under its name.
export { download } from './api/download';
