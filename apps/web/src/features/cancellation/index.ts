// The cancellation policy as other features show and edit it: the stay form's fields and the note a room shows.
export { PolicyFields } from './components/policy-fields';
export { PolicyNote } from './components/policy-note';
export { CANCEL_COPY } from './copy';
