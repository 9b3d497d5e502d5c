declare module "oidc-provider";
