// The API keys' face: their routes. Authenticating a key is the access guard's (auth/api-key-auth.ts).
export { apiKeyRoutes } from './routes';
