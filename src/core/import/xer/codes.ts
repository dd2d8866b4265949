/**
 * Activity codes (ACTVTYPE/ACTVCODE/TASKACTV) → CodeType + Activity.codes, cost accounts (ACCOUNT)
 * → a "Cost account" code type, TASK user-defined fields (UDFTYPE/UDFVALUE/UDFCODE) → Activity.udf.
 */
import type { Activity, CodeType } from '../../model/schedule';
import type { IntIndex } from './intIndex';
import { CONTROL_ACCOUNT_CODE } from './p6codes';
import { colsOf, plural, type BuildContext, type ProjectInfo } from './kit';

export interface ActivityCodes {
  /** code type key → type, the project it is scoped to (-1 global), and whether it holds control accounts. */
  codeTypes: Map<number, { type: CodeType; projKey: number; controlAccount: boolean }>;
  /** Code type keys some activity uses. */
  usedTypes: Set<number>;
}

/**
 * Sets Activity.codes (type id → value id) and, from a code type named like "Control Account",
 * Activity.controlAccount; without such a type every WBS element is a control account.
 */
export function readActivityCodes(ctx: BuildContext, activities: Activity[], activityIndex: IntIndex, projects: ProjectInfo[]): ActivityCodes {
  const codeTypes = new Map<number, { type: CodeType; projKey: number; controlAccount: boolean }>();
  const codeValue = new Map<number, { typeKey: number; id: string; code: string }>();
  const typesT = ctx.src.get('ACTVTYPE');
  if (typesT) {
    const c = colsOf(typesT, ['actv_code_type_id', 'actv_code_type', 'proj_id']);
    for (let r = 0; r < typesT.rowCount; r++) {
      const key = ctx.keys.of(typesT, r, c.actv_code_type_id);
      if (key === -1 || codeTypes.has(key)) continue;
      const p6Id = typesT.str(r, c.actv_code_type_id).trim();
      const name = typesT.str(r, c.actv_code_type) || `Code ${p6Id}`;
      // Not the bare number: integer-like keys would make every Activity.codes object a sparse
      // array in V8 (slow and large). "actv:1568" keeps them ordinary properties.
      const id = `actv:${p6Id}`;
      codeTypes.set(key, { type: { id, name, values: {} }, projKey: ctx.keys.of(typesT, r, c.proj_id), controlAccount: CONTROL_ACCOUNT_CODE.test(name) });
    }
    ctx.src.release('ACTVTYPE');
    const valuesT = ctx.src.get('ACTVCODE');
    if (valuesT) {
      const vc = colsOf(valuesT, ['actv_code_id', 'parent_actv_code_id', 'actv_code_type_id', 'short_name', 'actv_code_name']);
      for (let r = 0; r < valuesT.rowCount; r++) {
        const typeKey = ctx.keys.of(valuesT, r, vc.actv_code_type_id);
        const t = codeTypes.get(typeKey);
        const key = ctx.keys.of(valuesT, r, vc.actv_code_id);
        if (!t || key === -1) continue;
        const id = valuesT.str(r, vc.actv_code_id).trim();
        const code = valuesT.str(r, vc.short_name) || id;
        const v: { code: string; description?: string; parentId?: string } = { code };
        const desc = valuesT.str(r, vc.actv_code_name);
        if (desc) v.description = desc;
        const parent = valuesT.str(r, vc.parent_actv_code_id).trim();
        if (parent) v.parentId = parent;
        t.type.values[id] = v;
        codeValue.set(key, { typeKey, id, code });
      }
      ctx.src.release('ACTVCODE');
    }
  }
  const caTypes = [...codeTypes.values()].filter((t) => t.controlAccount);
  const ta = ctx.src.get('TASKACTV');
  const usedTypes = new Set<number>();
  if (ta && codeTypes.size) {
    const c = colsOf(ta, ['task_id', 'actv_code_type_id', 'actv_code_id']);
    let unknownValues = 0;
    for (let r = 0; r < ta.rowCount; r++) {
      if ((r & 16383) === 0) ctx.tick();
      const i = activityIndex.get(ctx.keys.of(ta, r, c.task_id));
      if (i === -1) continue;
      const v = codeValue.get(ctx.keys.of(ta, r, c.actv_code_id));
      if (!v) {
        unknownValues++;
        continue;
      }
      const t = codeTypes.get(v.typeKey);
      if (!t) continue;
      activities[i].codes[t.type.id] = v.id;
      usedTypes.add(v.typeKey);
      if (t.controlAccount) activities[i].controlAccount = v.code;
    }
    ctx.src.release('TASKACTV');
    if (unknownValues) ctx.warnings.push({ message: `${plural(unknownValues, 'activity code assignment')} name a code value missing from ACTVCODE and ${unknownValues === 1 ? 'was' : 'were'} ignored.`, where: 'TASKACTV' });
  }
  if (caTypes.length) {
    ctx.warnings.push({ message: `Control accounts come from the activity code "${caTypes[0].type.name}"; activities without that code have no control account.`, where: 'ACTVTYPE' });
  } else {
    // No control-account code: every WBS element is a control account (see the header comment).
    for (const p of projects) if (p.build === 1) for (const w of p.wbs) w.controlAccount = w.code;
  }
  return { codeTypes, usedTypes };
}

/** The "Cost account" code type; each activity gets the account carrying most of its budget (`acctOf`, -1 none). */
export function readCostAccounts(ctx: BuildContext, activities: Activity[], acctOf: Float64Array): CodeType | undefined {
  const n = activities.length;
  // Cost accounts as a code type.
  let costAccountType: CodeType | undefined;
  const acctT = ctx.src.get('ACCOUNT');
  if (acctT) {
    const c = colsOf(acctT, ['acct_id', 'parent_acct_id', 'acct_short_name', 'acct_name']);
    costAccountType = { id: 'P6_COST_ACCOUNT', name: 'Cost account', values: {} };
    const idOf = new Map<number, string>();
    for (let r = 0; r < acctT.rowCount; r++) {
      const id = acctT.str(r, c.acct_id).trim();
      if (!id) continue;
      idOf.set(ctx.keys.of(acctT, r, c.acct_id), id);
      const v: { code: string; description?: string; parentId?: string } = { code: acctT.str(r, c.acct_short_name) || id };
      const name = acctT.str(r, c.acct_name);
      if (name) v.description = name;
      const parent = acctT.str(r, c.parent_acct_id).trim();
      if (parent) v.parentId = parent;
      costAccountType.values[id] = v;
    }
    ctx.src.release('ACCOUNT');
    for (let i = 0; i < n; i++) {
      if (acctOf[i] === -1) continue;
      const id = idOf.get(acctOf[i]);
      if (id) activities[i].codes[costAccountType.id] = id;
    }
  }
  return costAccountType;
}

/** Activity.udf from the TASK user-defined fields, keyed by their label. */
export function readUdfs(ctx: BuildContext, activities: Activity[], activityIndex: IntIndex): void {
  const udfTypes = ctx.src.get('UDFTYPE');
  const udfValues = ctx.src.get('UDFVALUE');
  if (udfTypes && udfValues) {
    const c = colsOf(udfTypes, ['udf_type_id', 'table_name', 'udf_type_label', 'logical_data_type']);
    const types = new Map<number, { label: string; kind: string }>();
    for (let r = 0; r < udfTypes.rowCount; r++) {
      if (!udfTypes.is(r, c.table_name, 'TASK')) continue;
      types.set(ctx.keys.of(udfTypes, r, c.udf_type_id), { label: udfTypes.str(r, c.udf_type_label) || udfTypes.str(r, c.udf_type_id), kind: udfTypes.str(r, c.logical_data_type) });
    }
    const codes = new Map<number, string>();
    const udfCodes = ctx.src.get('UDFCODE');
    if (udfCodes) {
      const cc = colsOf(udfCodes, ['udf_code_id', 'short_name', 'udf_code_name']);
      for (let r = 0; r < udfCodes.rowCount; r++) codes.set(ctx.keys.of(udfCodes, r, cc.udf_code_id), udfCodes.str(r, cc.short_name) || udfCodes.str(r, cc.udf_code_name));
      ctx.src.release('UDFCODE');
    }
    const vc = colsOf(udfValues, ['udf_type_id', 'fk_id', 'udf_date', 'udf_number', 'udf_text', 'udf_code_id']);
    for (let r = 0; r < udfValues.rowCount; r++) {
      if ((r & 16383) === 0) ctx.tick();
      const t = types.get(ctx.keys.of(udfValues, r, vc.udf_type_id));
      if (!t) continue;
      const i = activityIndex.get(ctx.keys.of(udfValues, r, vc.fk_id));
      if (i === -1) continue;
      let value: string | number | undefined;
      if (t.kind === 'FT_START_DATE' || t.kind === 'FT_END_DATE') value = udfValues.date(r, vc.udf_date);
      else if (t.kind === 'FT_INT' || t.kind === 'FT_FLOAT_2_DECIMAL' || t.kind === 'FT_MONEY' || t.kind === 'FT_FLOAT' || t.kind === 'FT_INDICATOR') {
        const v = udfValues.num(r, vc.udf_number);
        value = v === v ? v : undefined;
      } else if (t.kind === 'FT_STATICTYPE') {
        const ck = ctx.keys.of(udfValues, r, vc.udf_code_id);
        value = ck === -1 ? udfValues.str(r, vc.udf_text) || undefined : (codes.get(ck) ?? udfValues.str(r, vc.udf_code_id));
      } else value = udfValues.str(r, vc.udf_text) || undefined;
      if (value === undefined) continue;
      (activities[i].udf ??= {})[t.label] = value;
    }
    ctx.src.release('UDFTYPE');
    ctx.src.release('UDFVALUE');
  }
}
