/** The Subject API's authentication routes (the same prefix as routes/authentication-routes.ts). */
export const AUTH_PATH = "/api/rbac/subjects/authentication";
