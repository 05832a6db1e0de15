import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Divider, Flex, InputNumber, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SupplierItem, SupplierSettings, UpdateSupplierBody } from '@portal/contract/api/suppliers';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useUpdateSupplier } from '../api/update-supplier';
import {
  DEFAULT_SUPPLIER_SETTINGS,
  SUPPLIER_FIELDS,
  SUPPLIER_LIMITS,
  activeFaults,
  changedSettings,
  draftInvalid,
  faultsTurnedOn,
  groupsOf,
  type SupplierDraft,
  type SupplierField,
} from '../utils/supplier-settings';

type NumberField = keyof typeof SUPPLIER_LIMITS;
const isNumberField = (f: SupplierField): f is NumberField => f in SUPPLIER_LIMITS;

interface Props {
  item: SupplierItem;
  dateFormat: string;
  /** Asks the user before faults are switched on; resolves false when they back out. */
  confirmFaults: (item: SupplierItem, faults: SupplierField[], changes: UpdateSupplierBody) => Promise<boolean>;
}

/**
 * One supplier's switches with what each demonstrates. Edits stay local until Save, which sends only the changed
 * switches. The parent remounts the card (key) when the server's copy changes, which clears the draft.
 */
export function SupplierCard({ item, dateFormat, confirmFaults }: Props) {
  const { t } = useTranslation();
  const update = useUpdateSupplier();
  const [draft, setDraft] = useState<SupplierDraft>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const groups = groupsOf(item);
  const changes = changedSettings(item.settings, draft, item.switches);
  const changeCount = Object.keys(changes).length;
  const invalid = draftInvalid(draft);
  const faults = activeFaults(item.settings, item.switches);
  const valueOf = <K extends SupplierField>(f: K): SupplierSettings[K] | null => (f in draft ? (draft[f] as SupplierSettings[K] | null) : item.settings[f]);

  const edit = (f: SupplierField, value: boolean | number | null) => {
    setDraft((d) => ({ ...d, [f]: value }));
    setFieldErrors(({ [f]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    if (changeCount === 0 || invalid) return;
    const sent = changes;
    const turnedOn = faultsTurnedOn(item.settings, sent);
    if (turnedOn.length > 0 && !(await confirmFaults(item, turnedOn, sent))) return;
    setFormError(null);
    try {
      await update.mutateAsync({ code: item.code, body: sent });
      notify.success(t('platform.suppliers.saved', { code: item.code }));
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const placed = Object.fromEntries(Object.entries(fields).filter(([k]) => (SUPPLIER_FIELDS as readonly string[]).includes(k)));
      setFieldErrors(placed);
      if (Object.keys(placed).length === 0) setFormError((error instanceof Error && error.message) || t('platform.suppliers.errors.save'));
    }
  };

  const control = (f: SupplierField): ReactNode => {
    const id = `supplier-${item.code}-${f}`;
    const disabled = update.isPending;
    if (isNumberField(f)) {
      const { min, max, step, unit } = SUPPLIER_LIMITS[f];
      return (
        <InputNumber<number>
          id={id}
          min={min}
          max={max}
          precision={0}
          step={step}
          value={valueOf(f)}
          onChange={(v) => edit(f, typeof v === 'number' ? v : null)}
          disabled={disabled}
          status={fieldErrors[f] || valueOf(f) === null ? 'error' : undefined}
          suffix={unit}
          style={{ width: 150 }}
        />
      );
    }
    return <Switch id={id} checked={valueOf(f) as boolean} onChange={(on) => edit(f, on)} disabled={disabled} />;
  };

  const row = (f: SupplierField): ReactNode => {
    const id = `supplier-${item.code}-${f}`;
    const problem = fieldErrors[f] ?? (valueOf(f) === null ? t('platform.suppliers.errors.required') : null);
    const changed = f in changes;
    return (
      <Flex key={f} justify="space-between" align="flex-start" gap={12}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <label htmlFor={id}>
            <Typography.Text strong>{t(`platform.suppliers.fields.${f}.label`)}</Typography.Text>
          </label>
          {changed && (
            <Tag color="processing" style={{ marginInlineStart: 8 }}>
              {t('platform.suppliers.changed')}
            </Tag>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {/* The railway's switches break train search and holds, not price checks: their own explanations. */}
              {t(item.kind === 'rail' ? `platform.suppliers.railHelp.${f}` : `platform.suppliers.fields.${f}.help`)}
            </Typography.Text>
          </div>
          {problem && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
              {problem}
            </Typography.Text>
          )}
        </div>
        <div style={{ flex: 'none' }}>{control(f)}</div>
      </Flex>
    );
  };

  const title = (
    <Flex align="center" gap={8} wrap>
      <Typography.Text strong style={{ fontFamily: 'monospace' }}>
        {item.code}
      </Typography.Text>
      <Tag>{t(`platform.suppliers.kinds.${item.kind}`)}</Tag>
      {faults.length === 0 ? (
        <Tag color="success">{t('platform.suppliers.healthy')}</Tag>
      ) : (
        <Tag color="error">{t('platform.suppliers.faultsOn', { count: faults.length })}</Tag>
      )}
    </Flex>
  );

  return (
    <Card title={title} data-testid={`supplier-${item.code}`} styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {item.updatedAt
            ? t('platform.suppliers.updatedAt', { time: formatDateTime(item.updatedAt, dateFormat) })
            : t('platform.suppliers.neverChanged')}
        </Typography.Text>
        {groups.map((group) => (
          <Flex key={group.key} vertical gap={12}>
            <Divider titlePlacement="start" plain style={{ margin: '4px 0 0' }}>
              <Typography.Text type="secondary">{t(item.kind === 'rail' ? `platform.suppliers.railGroups.${group.key}` : `platform.suppliers.groups.${group.key}`)}</Typography.Text>
            </Divider>
            {group.fields.map(row)}
          </Flex>
        ))}
        {formError && <Alert type="error" showIcon title={formError} />}
        <Flex justify="space-between" gap={8} wrap>
          <Button
            onClick={() => setDraft({ ...DEFAULT_SUPPLIER_SETTINGS })}
            disabled={update.isPending || Object.keys(changedSettings(item.settings, DEFAULT_SUPPLIER_SETTINGS, item.switches)).length === 0}
          >
            {t('platform.suppliers.restoreDefaults')}
          </Button>
          <Space wrap>
            <Button
              onClick={() => {
                setDraft({});
                setFieldErrors({});
                setFormError(null);
              }}
              disabled={update.isPending || Object.keys(draft).length === 0}
            >
              {t('platform.suppliers.discard')}
            </Button>
            <Button type="primary" onClick={() => void save()} loading={update.isPending} disabled={changeCount === 0 || invalid}>
              {changeCount > 0 ? t('platform.suppliers.saveCount', { count: changeCount }) : t('platform.suppliers.save')}
            </Button>
          </Space>
        </Flex>
      </Flex>
    </Card>
  );
}
