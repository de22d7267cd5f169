/**
 * Routes registered without expectations yet, each with its owner; every one shows as a todo in the run until
 * its row joins the matrix (route-table*.ts). Keep this empty: a route ships with its row.
 */
export const PENDING_ROUTES: Record<string, string> = {};
