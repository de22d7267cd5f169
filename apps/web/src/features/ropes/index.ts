// The feature's public file: other features and the router import it, never the files behind it (lazy screens,
// sections and dialogs excepted: .dependency-cruiser.cjs).
export { ropeKeys, ropeQuery, ropesQuery, useCreateRope, useReorderRopes, useRopes, useUpdateRope } from './api';
