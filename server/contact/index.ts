import express, { type Router } from 'express';
import type { RouterDeps } from '../routerDeps';

// Placeholder until the module is built: every route answers 501.
export function createContactRouter(_deps: RouterDeps): Router {
  const router = express.Router();
  router.use((_req, res) => void res.status(501).json({ error: 'Not built yet.' }));
  return router;
}
