import type { FormRule } from 'antd';

/** What the rule needs of a zod schema (typed structurally: the console takes zod only through contracts). */
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

/**
 * An antd Form rule that checks a field with the contract's zod schema, so the form shows the same
 * message the server would answer (spec 01 §5 texts live once, in packages/contracts).
 */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? undefined);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? 'Invalid value');
    },
  };
}
