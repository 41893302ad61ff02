// Label codes are made by the one rule in src/common/label-code.ts (also used by the web's
// sample sheet); the server's callers keep importing them from here.
export { generateLabelCode, generateLabelCodes } from '../../common/label-code.ts';
