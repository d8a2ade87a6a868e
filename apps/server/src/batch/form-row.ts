import { badRequest, notFound, type HttpError } from '../errors';
import type { RowProblem, ValidateMany } from './batch';

// The single create: a batch of one. Its row goes through the area's rules (the ones the bulk upload
// runs) and its problems are answered as the form's errors, each under its field.

/**
 * The form's answer to its row's problems: 404 when it names something the caller cannot see, else 400
 * with the first message as `detail` and every message under its field (`errors: {field: [message]}`).
 */
export function refusal(problems: RowProblem[]): HttpError {
  if (problems.some((p) => p.missing)) return notFound();
  const errors: Record<string, string[]> = {};
  for (const { field, message } of problems) {
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  return badRequest(problems[0]!.message, errors);
}

/** Runs one form row through the area's rules: the row as the save takes it, or the refusal thrown. */
export async function validateOne<In, Out, Context>(
  validate: ValidateMany<In, Out, Context>,
  context: Context,
  data: In,
): Promise<Out> {
  const { rows, problems } = await validate(context, [{ row: 1, data }]);
  if (problems.length) throw refusal(problems);
  if (!rows[0]) throw new Error('the rules dropped a row without naming a problem');
  return rows[0].data;
}
