/**
 * The API's load, announced by the processes that answer people and heard by background
 * work that gives way to them. Pure but for `api_load.ts`.
 * @module
 */
export {
  announceApiLoad,
  type Announcer,
  API_LOAD_CHANNEL,
  type ApiLoad,
  hearApiLoad,
} from "./api_load.ts";
