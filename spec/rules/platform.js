// The platform-convention lint rules, loaded by redocly.yaml (`plugins`) and switched on there
// as `platform/<rule>`. Each rule lives in its own module; see the comment at its top.
import { CallsHost } from './calls-host.js';
import { DeprecatedNamesReplacement } from './deprecated-names-replacement.js';
import { IntegerFormat } from './integer-format.js';
import { ManagementApiTag } from './management-api-tag.js';
import { NamedSchemas } from './named-schemas.js';
import { NoGeneratedTypeNames } from './no-generated-type-names.js';
import { NoVersionInPath } from './no-version-in-path.js';
import { NumberFormat } from './number-format.js';
import { OnBehalfOfShared } from './on-behalf-of-shared.js';
import { OpenObjects } from './open-objects.js';
import { OperationIdKebabCase } from './operation-id-kebab-case.js';
import { OperationSecurity } from './operation-security.js';
import { PathFiles } from './path-files.js';
import { RegionVariable } from './region-variable.js';
import { ResponseDefaults } from './response-defaults.js';
import { ServerNames } from './server-names.js';
import { ServersHttps } from './servers-https.js';
import { TagGroups } from './tag-groups.js';

const rules = {
  'operation-security': OperationSecurity,
  'management-api-tag': ManagementApiTag,
  'no-version-in-path': NoVersionInPath,
  'operation-id-kebab-case': OperationIdKebabCase,
  'calls-host': CallsHost,
  'on-behalf-of-shared': OnBehalfOfShared,
  'deprecated-names-replacement': DeprecatedNamesReplacement,
  'servers-https': ServersHttps,
  'server-names': ServerNames,
  'region-variable': RegionVariable,
  'tag-groups': TagGroups,
  'named-schemas': NamedSchemas,
  'path-files': PathFiles,
  'integer-format': IntegerFormat,
  'number-format': NumberFormat,
  'open-objects': OpenObjects,
  'response-defaults': ResponseDefaults,
  'no-generated-type-names': NoGeneratedTypeNames,
};

export default function platformPlugin() {
  return { id: 'platform', rules: { oas3: rules } };
}
