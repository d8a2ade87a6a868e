import type { RuleObject } from 'antd/es/form';

/** The part of a zod schema a form rule needs (kept structural: the console does not depend on zod). */
interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/**
 * An antd rule that runs a field's schema from contracts, so the form says exactly what the server
 * would: one set of rules and messages for both (CONTRIBUTING.md "The rules").
 */
export function zodRule(schema: Parser): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? 'Invalid value');
    },
  };
}
