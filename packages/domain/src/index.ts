/** Pure rules of the student panel spec, shared by the web app and the server. */
export * from './constants.js';
