// The requests the auth-token flow makes, read from the Arazzo workflow that @chatplatform/spec
// exports (arazzo/auth-token-flow.arazzo.yaml): each step's operation (method and path from the
// bundled spec) with its path and header parameters filled from the workflow's inputs. The smoke
// drivers run these steps through each client; the test compares their traffic with this list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

type Json = Record<string, any>;

export interface ScenarioRequest {
  stepId: string;
  method: string;
  path: string;
  headers: Record<string, string>;
}

const require = createRequire(import.meta.url);
const WORKFLOW_FILE = '@chatplatform/spec/arazzo/auth-token-flow.arazzo.yaml';

function operation(spec: Json, operationId: string): { method: string; path: string } {
  for (const [path, item] of Object.entries<Json>(spec.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (op?.operationId === operationId) return { method: method.toUpperCase(), path };
    }
  }
  throw new Error(`The Arazzo workflow names the operation "${operationId}", which the bundled spec does not have.`);
}

/** `$inputs.name` → the input's value; anything else is taken as written. */
function resolvedValue(expression: unknown, inputs: Record<string, string>): string {
  const match = /^\$inputs\.(\w+)$/.exec(String(expression));
  if (!match) return String(expression);
  const value = inputs[match[1]!];
  if (value === undefined)
    throw new Error(`The Arazzo workflow uses the input "${match[1]}", which the test does not give.`);
  return value;
}

export function scenarioRequests(spec: Json, workflowId: string, inputs: Record<string, string>): ScenarioRequest[] {
  const document = parse(readFileSync(require.resolve(WORKFLOW_FILE), 'utf8'));
  const workflow = document.workflows?.find((w: Json) => w.workflowId === workflowId);
  if (!workflow) throw new Error(`${WORKFLOW_FILE} has no workflow "${workflowId}".`);
  return workflow.steps.map((step: Json) => {
    const { method, path } = operation(spec, String(step.operationId).replace(/^[^.]+\./, ''));
    const headers: Record<string, string> = {};
    let filled = path;
    for (const parameter of step.parameters ?? []) {
      const value = resolvedValue(parameter.value, inputs);
      if (parameter.in === 'path') filled = filled.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else if (parameter.in === 'header') headers[String(parameter.name).toLowerCase()] = value;
    }
    return { stepId: step.stepId, method, path: filled, headers };
  });
}
