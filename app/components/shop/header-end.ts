/** The id of the shop header's last element: the first paint waits until it has arrived (app/root.tsx, decision 120). */
export const HEADER_END_ID = "header-end";
