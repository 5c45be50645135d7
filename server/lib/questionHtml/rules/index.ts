import type { AnyTemplateRule } from './rule';
import { mustacheSyntax } from './mustacheSyntax';
import { htmlStructure } from './htmlStructure';
import { unknownElement } from './unknownElement';
import { unknownAttribute } from './unknownAttribute';
import { requiredAttribute } from './requiredAttribute';
import { attributeValue } from './attributeValue';
import { deprecated } from './deprecated';
import { childPlacement } from './childPlacement';
import { answersNameUnique } from './answersNameUnique';
import { duplicateFileNames } from './duplicateFileNames';
import { elementFiles } from './elementFiles';
import { clientFilesUrl } from './clientFilesUrl';
import { paramsFromServerPy } from './paramsFromServerPy';

/** Every question.html rule, template-only rules first. */
export const TEMPLATE_RULES: AnyTemplateRule[] = [
  mustacheSyntax,
  htmlStructure,
  unknownElement,
  unknownAttribute,
  requiredAttribute,
  attributeValue,
  deprecated,
  childPlacement,
  answersNameUnique,
  duplicateFileNames,
  elementFiles,
  clientFilesUrl,
  paramsFromServerPy,
];
