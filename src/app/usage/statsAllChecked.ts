/**
 * `statsAll` as the library exports it (`skillc/stats`): its input checked
 * first (src/app/shared/checkedUseCase.ts), without loading the other use
 * cases.
 */
import { checkedOptional } from "../shared/index.js"
import { statsAll as statsAllUseCase, StatsAllInput } from "./statsAll.js"

export const statsAll = checkedOptional(StatsAllInput, statsAllUseCase)
