export * from "./common";
export * from "./errors";
export * from "./headers";
export * from "./operations";
export * as adminContract from "./client-admin";
export * as vinContract from "./vin";
export * as jobsContract from "./jobs";
