/** Wraps a rendered plan hint in the reference's `<plan_aware_hint>` element. */
export function wrapPlanHint(hint: string): string {
  return `<plan_aware_hint>\n${hint}\n</plan_aware_hint>`;
}
