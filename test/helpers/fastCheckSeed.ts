// Property tests are reproducible in CI: one fixed seed unless FC_SEED names
// another (FC_SEED=random draws a new one, printed on failure), so a run
// that fails can be repeated exactly and CI never flakes on a lucky draw.
import * as fc from "fast-check"

const configured = process.env.FC_SEED
if (configured !== "random") fc.configureGlobal({ seed: configured === undefined ? 20261122 : Number(configured) })
