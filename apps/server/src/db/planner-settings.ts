/**
 * Planner settings of the app's connections (both databases). `random_page_cost`: PostgreSQL's default of 4
 * prices a random page read as four sequential ones, which is right for spinning disks and wrong where the working
 * set is cached or on SSDs (PostgreSQL's documentation says to lower it there). With 4 the project list's
 * visibility (a user's projects as the union of three index lookups) was planned as three sequential scans of every
 * project: 3 ms instead of 0.7 ms with 10,000 projects (bench/api/README.md). `plan_cache_mode`: a prepared
 * statement (every statement with values is one, see `nameStatements`) is planned once per connection. With the
 * default (`auto`) PostgreSQL kept planning the project list anew for its values on every execution, because its
 * generic plan's estimate looked dearer: 0.5 ms of planning for a statement that runs in 1 ms, with the same plan.
 * Our statements are key and index lookups whose best plan does not depend on the values; the one thing a generic
 * plan cannot do is prove a partial index's condition from a parameter, so queries state those conditions
 * literally (`projects.public`, `changeset_status = 'pending'`). `jit`: no JIT compilation; our queries are short,
 * and PostgreSQL starts it by estimated cost, which for a count over many projects reached its threshold and spent
 * 30–130 ms compiling a query that runs in a few.
 */
export const PLANNER_SETTINGS = {
  jit: 'off',
  random_page_cost: '1.1',
  plan_cache_mode: 'force_generic_plan',
} as const;
