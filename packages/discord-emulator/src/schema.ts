/**
 * A small validator for the part of JSON Schema (2020-12) that Discord's OpenAPI description uses,
 * answering like Discord: one error per failing field, with Discord's error codes and messages.
 */

export type SchemaPath = (string | number)[];

export interface FieldError {
  path: SchemaPath;
  /** Discord's error code for the field, e.g. BASE_TYPE_MAX_LENGTH. */
  code: string;
  message: string;
}

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  maxProperties?: number;
  minProperties?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Discord counts text in code points, like JSON Schema's minLength/maxLength. */
export function textLength(value: string): number {
  // Without surrogates every UTF-16 unit is a code point: no need to walk the text.
  if (!SURROGATE.test(value)) return value.length;
  let count = 0;
  for (const _ of value) count++;
  return count;
}

const INT32 = 2 ** 31;

/** Discord parses integer fields from numbers and from strings of digits (discord.js sends permissions so). */
function asInteger(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^-?\d{1,20}$/.test(value)) return Number(value);
  return null;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function matchesType(type: string, value: unknown, schema: Schema): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "boolean":
      return typeof value === "boolean";
    case "integer":
      return asInteger(value) !== null;
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "string":
      // Snowflakes may be sent as JSON numbers too.
      return typeof value === "string" || (schema.format === "snowflake" && asInteger(value) !== null);
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return true;
  }
}

const TYPE_ERRORS: Record<string, (value: unknown) => [string, string]> = {
  integer: (value) => ["NUMBER_TYPE_COERCE", `Value "${String(value)}" is not int.`],
  number: (value) => ["NUMBER_TYPE_COERCE", `Value "${String(value)}" is not a valid number.`],
  string: (value) => ["BASE_TYPE_STRING", `Could not interpret "${String(value)}" as string.`],
  boolean: () => ["BASE_TYPE_BOOLEAN", "Must be either true or false."],
  array: () => ["LIST_TYPE_CONVERT", "Must be an array."],
  object: () => ["DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType"],
  null: () => ["BASE_TYPE_REQUIRED", "This field is required"],
};

function choices(values: unknown[]): string {
  return `(${values.map((value) => (typeof value === "string" ? `'${value}'` : String(value))).join(", ")})`;
}

/** Validates JSON values against the schemas of one OpenAPI document (its `$ref`s resolve inside it). */
export class SchemaValidator {
  readonly #schemas: Record<string, Schema>;
  readonly #tagsOfUnions = new WeakMap<Schema[], (unknown[] | null)[]>();
  readonly #constsOfUnions = new WeakMap<Schema[], ({ value: unknown } | null)[]>();
  readonly #resolved = new WeakMap<Schema, Schema>();
  readonly #propertyLists = new WeakMap<Schema, [string, Schema][]>();
  /** Each `pattern` compiled once: a string field is checked on every request. */
  readonly #patterns = new Map<string, RegExp>();

  constructor(schemas: Record<string, Schema>) {
    this.#schemas = schemas;
  }

  schema(name: string): Schema {
    const found = this.#schemas[name];
    if (!found) throw new Error(`schema ${name} is not in the vendored spec`);
    return found;
  }

  validate(schema: Schema, value: unknown, path: SchemaPath = []): FieldError[] {
    const errors: FieldError[] = [];
    this.#check(schema, value, path, errors);
    return errors;
  }

  #resolve(schema: Schema): Schema {
    if (!schema.$ref) return schema;
    let resolved = this.#resolved.get(schema);
    if (!resolved) {
      resolved = schema;
      while (resolved.$ref) resolved = this.schema(resolved.$ref.slice("#/components/schemas/".length));
      this.#resolved.set(schema, resolved);
    }
    return resolved;
  }

  #check(raw: Schema, value: unknown, path: SchemaPath, errors: FieldError[]): void {
    const schema = this.#resolve(raw);
    const fail = (code: string, message: string) => errors.push({ path, code, message });
    if (schema.type !== undefined) {
      const fits =
        typeof schema.type === "string"
          ? matchesType(schema.type, value, schema)
          : schema.type.some((type) => matchesType(type, value, schema));
      if (!fits) {
        const types = Array.isArray(schema.type) ? schema.type : [schema.type];
        const [code, message] = TYPE_ERRORS[types.find((type) => type !== "null") ?? "null"]!(value);
        fail(code, message);
        return;
      }
    }
    // A null that passed the type check is an explicit "none": nothing more to check.
    if (value === null && schema.type !== undefined) return;
    for (const part of schema.allOf ?? []) this.#check(part, value, path, errors);
    const union = schema.oneOf ?? schema.anyOf;
    if (union) this.#checkUnion(union, value, path, errors);
    if (schema.enum && !schema.enum.some((allowed) => same(allowed, value))) {
      fail("BASE_TYPE_CHOICES", `Value must be one of ${choices(schema.enum)}.`);
    }
    if ("const" in schema && !same(schema.const, value)) {
      fail("BASE_TYPE_CHOICES", `Value must be one of ${choices([schema.const])}.`);
    }
    if (typeof value === "string") this.#checkString(schema, value, fail);
    const integer = schema.type !== undefined ? asInteger(value) : null;
    const number = typeof value === "number" ? value : integer;
    if (number !== null) this.#checkNumber(schema, number, fail);
    if (Array.isArray(value)) this.#checkArray(schema, value, path, errors, fail);
    if (isObject(value)) this.#checkObject(schema, value, path, errors, fail);
  }

  /**
   * Discord's unions (oneOf, and anyOf marked as a oneOf) hold disjoint shapes, mostly told apart by a
   * `type` field: a value passes if any branch takes it; otherwise the errors of the branch its `type`
   * names (or of the closest branch) are reported.
   */
  #checkUnion(union: Schema[], value: unknown, path: SchemaPath, errors: FieldError[]): void {
    const tags = this.#unionTags(union);
    const tagged = isObject(value)
      ? tags.findIndex((allowed) => allowed?.some((tag) => same(tag, value.type)))
      : -1;
    // The branch a value's `type` names, or (in a union of constants, Discord's enums) the constant it
    // equals, is the one that may take it: tried alone first, as most values pass.
    const likely =
      tagged >= 0
        ? tagged
        : this.#unionConsts(union).findIndex((constant) => constant !== null && same(constant.value, value));
    if (likely >= 0 && this.validate(union[likely]!, value, path).length === 0) return;
    const attempts: FieldError[][] = [];
    for (const branch of union) {
      const attempt = this.validate(branch, value, path);
      if (attempt.length === 0) return;
      attempts.push(attempt);
    }
    if (isObject(value)) {
      if (tagged >= 0) {
        errors.push(...attempts[tagged]!);
        return;
      }
      const allowed = tags.flatMap((tag) => tag ?? []);
      if (allowed.length > 0) {
        errors.push({
          path: [...path, "type"],
          code: "UNION_TYPE_CHOICES",
          message: `Value of field "type" must be one of ${choices(allowed)}.`,
        });
        return;
      }
    }
    // Report the branch the value's JSON type fits (an object for `null | Object`), closest first.
    const fitting = attempts.filter((_, index) => this.#fitsType(union[index]!, value));
    const candidates = fitting.length > 0 ? fitting : attempts;
    errors.push(...candidates.reduce((best, attempt) => (attempt.length < best.length ? attempt : best)));
  }

  #fitsType(branch: Schema, value: unknown): boolean {
    const schema = this.#resolve(branch);
    if (schema.type === undefined) return true;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return types.some((type) => matchesType(type, value, schema));
  }

  /** The `type` tags of each union's branches, read once per union. */
  #unionTags(union: Schema[]): (unknown[] | null)[] {
    let tags = this.#tagsOfUnions.get(union);
    if (!tags) {
      tags = union.map((branch) => this.#typeTags(branch));
      this.#tagsOfUnions.set(union, tags);
    }
    return tags;
  }

  /** The constant each union's branches stand for (null: a branch with no `const`), read once per union. */
  #unionConsts(union: Schema[]): ({ value: unknown } | null)[] {
    let consts = this.#constsOfUnions.get(union);
    if (!consts) {
      consts = union.map((branch) => {
        const resolved = this.#resolve(branch);
        return "const" in resolved ? { value: resolved.const } : null;
      });
      this.#constsOfUnions.set(union, consts);
    }
    return consts;
  }

  /** The values a union branch's `type` property allows, or null when the branch has no such tag. */
  #typeTags(branch: Schema): unknown[] | null {
    const typeField = this.#resolve(branch).properties?.type;
    if (!typeField) return null;
    const resolved = this.#resolve(typeField);
    if (resolved.enum) return resolved.enum;
    if ("const" in resolved) return [resolved.const];
    const options = (resolved.oneOf ?? []).filter((option) => option.type !== "null");
    const values = options.flatMap((option) => this.#typeTags({ properties: { type: option } }) ?? []);
    return values.length > 0 ? values : null;
  }

  #checkString(schema: Schema, value: string, fail: (code: string, message: string) => void): void {
    const length = textLength(value);
    const { minLength: min, maxLength: max } = schema;
    const tooShort = min !== undefined && length < min;
    const tooLong = max !== undefined && length > max;
    if ((tooShort || tooLong) && min !== undefined && min > 0 && max !== undefined) {
      fail("BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
    } else if (tooLong) fail("BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
    else if (tooShort) fail("BASE_TYPE_MIN_LENGTH", `Must be ${min} or more in length.`);
    if (schema.pattern && !this.#pattern(schema.pattern).test(value)) {
      fail(
        schema.format === "snowflake" ? "NUMBER_TYPE_COERCE" : "STRING_TYPE_REGEX",
        schema.format === "snowflake"
          ? `Value "${value}" is not snowflake.`
          : `String value did not match validation regex.`,
      );
    }
    if (schema.format === "uri" && !URL.canParse(value)) {
      fail("URL_TYPE_INVALID_URL", "Not a well formed URL.");
    }
    if (schema.format === "date-time" && (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))) {
      fail("DATE_TIME_TYPE_PARSE", `Could not parse ${value}. Should be ISO8601.`);
    }
  }

  #pattern(source: string): RegExp {
    let pattern = this.#patterns.get(source);
    if (!pattern) {
      pattern = new RegExp(source, "u");
      this.#patterns.set(source, pattern);
    }
    return pattern;
  }

  #checkNumber(schema: Schema, value: number, fail: (code: string, message: string) => void): void {
    if (schema.format === "int32" && (value < -INT32 || value >= INT32)) {
      fail("NUMBER_TYPE_MAX", `int value should be less than or equal to ${INT32 - 1}.`);
    }
    if (schema.minimum !== undefined && value < schema.minimum) {
      fail("NUMBER_TYPE_MIN", `int value should be greater than or equal to ${schema.minimum}.`);
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      fail("NUMBER_TYPE_MAX", `int value should be less than or equal to ${schema.maximum}.`);
    }
  }

  #checkArray(
    schema: Schema,
    value: unknown[],
    path: SchemaPath,
    errors: FieldError[],
    fail: (code: string, message: string) => void,
  ): void {
    if (schema.minItems !== undefined && value.length < schema.minItems) {
      fail("BASE_TYPE_MIN_LENGTH", `Must be ${schema.minItems} or more in length.`);
    }
    if (schema.maxItems !== undefined && value.length > schema.maxItems) {
      fail("BASE_TYPE_MAX_LENGTH", `Must be ${schema.maxItems} or fewer in length.`);
    }
    if (schema.uniqueItems) {
      const seen = new Set(value.map((item) => JSON.stringify(item)));
      if (seen.size !== value.length) fail("BASE_TYPE_DUPLICATES", "Items must be unique.");
    }
    if (schema.items) {
      const items = schema.items;
      value.forEach((item, index) => {
        this.#check(items, item, [...path, index], errors);
      });
    }
  }

  /** A schema's properties as a list, made once per schema: an object is checked on every request. */
  #propertiesOf(schema: Schema): [string, Schema][] {
    let properties = this.#propertyLists.get(schema);
    if (!properties) {
      properties = Object.entries(schema.properties ?? {});
      this.#propertyLists.set(schema, properties);
    }
    return properties;
  }

  #checkObject(
    schema: Schema,
    value: Json,
    path: SchemaPath,
    errors: FieldError[],
    fail: (code: string, message: string) => void,
  ): void {
    for (const name of schema.required ?? []) {
      if (value[name] === undefined) {
        errors.push({ path: [...path, name], code: "BASE_TYPE_REQUIRED", message: "This field is required" });
      }
    }
    for (const [name, property] of this.#propertiesOf(schema)) {
      if (value[name] !== undefined) this.#check(property, value[name], [...path, name], errors);
    }
    const keys = Object.keys(value);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      fail("BASE_TYPE_MAX_LENGTH", `Must be ${schema.maxProperties} or fewer in length.`);
    }
    if (schema.minProperties !== undefined && keys.length < schema.minProperties) {
      fail("BASE_TYPE_MIN_LENGTH", `Must be ${schema.minProperties} or more in length.`);
    }
    const extra = schema.additionalProperties;
    if (typeof extra === "object") {
      for (const key of keys) {
        if (!schema.properties?.[key]) this.#check(extra, value[key], [...path, key], errors);
      }
    }
  }
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "number" && asInteger(b) === a);
}
