import { DEFAULT_ETA_MINUTES, normalisePincode, readDeliverySettingsWithSlots, type DeliverySettingsWithSlots } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeliverySettings } from '../api/get-delivery-settings';
import { useSaveDeliverySettings } from '../api/save-delivery-settings';
import { deliverySettingsProblems } from '../settings-problems';
import { SlotSettingsFields, toSlotBody, toSlotForm, type SlotFormValues } from '../components/slot-settings-fields';

/** What the seller types: text until saved, so a half-typed number is not lost. */
interface AreaRow {
  key: number;
  pincode: string;
  etaMinutes: string;
  fee: string;
}

interface FormValues {
  areas: AreaRow[];
  freeDeliveryAbove: string;
  minimumOrder: string;
  alwaysOpen: boolean;
  open: string;
  close: string;
  slotSettings: SlotFormValues;
}

let nextKey = 0;
const row = (pincode = '', etaMinutes = String(DEFAULT_ETA_MINUTES), fee = '0'): AreaRow => ({ key: ++nextKey, pincode, etaMinutes, fee });

function toForm(settings: DeliverySettingsWithSlots): FormValues {
  return {
    areas: settings.areas.map((a) => row(a.pincode, String(a.etaMinutes), String(a.fee))),
    freeDeliveryAbove: settings.freeDeliveryAbove === null ? '' : String(settings.freeDeliveryAbove),
    minimumOrder: settings.minimumOrder ? String(settings.minimumOrder) : '',
    alwaysOpen: !settings.hours,
    open: settings.hours?.open ?? '07:00',
    close: settings.hours?.close ?? '23:00',
    slotSettings: toSlotForm(settings),
  };
}

/** Numbers where the seller typed numbers (text that is not one stays text, and the rules say what is wrong). */
const asNumber = (text: string): number | string => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : text);

function toBody(values: FormValues) {
  return {
    areas: values.areas.map((a) => ({ pincode: normalisePincode(a.pincode), etaMinutes: asNumber(a.etaMinutes), fee: asNumber(a.fee || '0') })),
    freeDeliveryAbove: values.freeDeliveryAbove.trim() === '' ? null : asNumber(values.freeDeliveryAbove),
    minimumOrder: values.minimumOrder.trim() === '' ? 0 : asNumber(values.minimumOrder),
    hours: values.alwaysOpen ? null : { open: values.open, close: values.close },
    ...toSlotBody(values.slotSettings),
  };
}

/** /seller/delivery: the pincodes the shop serves with their ETA and fee, free delivery, minimum order and opening hours. */
export function SellerDeliveryRoute() {
  const settings = useDeliverySettings();
  return (
    <section aria-labelledby="delivery-heading" className="max-w-3xl">
      <title>Delivery · GreenCart seller</title>
      <h1 id="delivery-heading" className="text-lg font-medium">
        Delivery
      </h1>
      <p className="mt-1 text-sm text-gray-600">
        Where you deliver, how fast and for how much. Until you list an area, the shop delivers to every pincode, free, with no minimum.
      </p>
      {settings.isPending && <Spinner label="Loading delivery settings…" />}
      {settings.isError && <ErrorNotice error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.isSuccess && <DeliveryForm key={JSON.stringify(settings.data)} initial={toForm(settings.data)} />}
    </section>
  );
}

function DeliveryForm({ initial }: { initial: FormValues }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveDeliverySettings();
  const id = useId();

  const set = (patch: Partial<FormValues>) => setValues((current) => ({ ...current, ...patch }));
  const setArea = (key: number, patch: Partial<AreaRow>) => set({ areas: values.areas.map((a) => (a.key === key ? { ...a, ...patch } : a)) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(values);
    // The server's own rules (domain package), said before sending: at every field that breaks one.
    const read = readDeliverySettingsWithSlots(body);
    if ('problem' in read) {
      const problems = deliverySettingsProblems(body);
      setErrors(Object.keys(problems).length ? problems : { [read.problem.field]: read.problem.message });
      const count = Object.keys(problems).length;
      toast.error(count > 1 ? `${read.problem.message} (and ${count - 1} more to fix)` : read.problem.message, { id: 'delivery-settings' });
      return;
    }
    setErrors({});
    save.mutate(read.settings, {
      onSuccess: () => toast.success('Delivery settings saved', { id: 'delivery-settings' }),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.error(errorMessage(error), { id: 'delivery-settings' });
      },
    });
  };

  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-xs text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` } : {});
  const inputClass = (field: string) =>
    `min-h-11 w-full rounded border px-3 outline-none focus:border-primary ${errors[field] ? 'border-red-500' : 'border-gray-300'}`;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-8 text-gray-700">
      <fieldset>
        <legend className="text-base font-medium text-gray-800">Areas you deliver to</legend>
        {values.areas.length === 0 ? (
          <p className="mt-2 rounded bg-primary/10 px-3 py-2 text-sm">No areas listed: every pincode is served, free, in {DEFAULT_ETA_MINUTES} minutes.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {values.areas.map((area, index) => {
              const at = `areas.${index}`;
              return (
                <li
                  key={area.key}
                  data-testid="delivery-area"
                  className="grid grid-cols-2 gap-3 rounded-md border border-gray-300 p-3 sm:grid-cols-[1fr_7rem_7rem_auto] sm:items-start"
                >
                  <div className="col-span-2 sm:col-span-1">
                    <label htmlFor={`${id}-${at}.pincode`} className="text-sm">
                      Pincode
                    </label>
                    <input
                      id={`${id}-${at}.pincode`}
                      value={area.pincode}
                      // Pasted as "411 045": kept as its digits, never cut to fit (a wrong one is said at its row).
                      onChange={(event) => setArea(area.key, { pincode: normalisePincode(event.target.value) })}
                      inputMode="numeric"
                      placeholder="411001"
                      className={inputClass(`${at}.pincode`)}
                      {...invalid(`${at}.pincode`)}
                    />
                    {fieldError(`${at}.pincode`)}
                  </div>
                  <div>
                    <label htmlFor={`${id}-${at}.etaMinutes`} className="text-sm">
                      Delivery in (min)
                    </label>
                    <input
                      id={`${id}-${at}.etaMinutes`}
                      value={area.etaMinutes}
                      onChange={(event) => setArea(area.key, { etaMinutes: event.target.value })}
                      type="number"
                      inputMode="numeric"
                      min="5"
                      max="240"
                      className={inputClass(`${at}.etaMinutes`)}
                      {...invalid(`${at}.etaMinutes`)}
                    />
                    {fieldError(`${at}.etaMinutes`)}
                  </div>
                  <div>
                    <label htmlFor={`${id}-${at}.fee`} className="text-sm">
                      Fee (₹)
                    </label>
                    <input
                      id={`${id}-${at}.fee`}
                      value={area.fee}
                      onChange={(event) => setArea(area.key, { fee: event.target.value })}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      max="500"
                      step="0.01"
                      className={inputClass(`${at}.fee`)}
                      {...invalid(`${at}.fee`)}
                    />
                    {fieldError(`${at}.fee`)}
                  </div>
                  <button
                    type="button"
                    onClick={() => set({ areas: values.areas.filter((a) => a.key !== area.key) })}
                    aria-label={`Remove area ${area.pincode || index + 1}`}
                    className="col-span-2 min-h-11 rounded border border-red-200 px-3 text-sm text-red-700 hover:bg-red-50 sm:col-span-1 sm:mt-6"
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <button
          type="button"
          onClick={() => set({ areas: [...values.areas, row()] })}
          className="mt-3 min-h-11 rounded border border-primary px-4 font-medium text-primary hover:bg-primary/10"
        >
          Add area
        </button>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-freeDeliveryAbove`} className="font-medium text-gray-800">
            Free delivery from (₹)
          </label>
          <input
            id={`${id}-freeDeliveryAbove`}
            value={values.freeDeliveryAbove}
            onChange={(event) => set({ freeDeliveryAbove: event.target.value })}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="No free delivery"
            className={`mt-1 ${inputClass('freeDeliveryAbove')}`}
            {...invalid('freeDeliveryAbove')}
          />
          {fieldError('freeDeliveryAbove') ?? <p className="mt-1 text-xs text-gray-600">Subtotal from which the fee is waived.</p>}
        </div>
        <div>
          <label htmlFor={`${id}-minimumOrder`} className="font-medium text-gray-800">
            Minimum order (₹)
          </label>
          <input
            id={`${id}-minimumOrder`}
            value={values.minimumOrder}
            onChange={(event) => set({ minimumOrder: event.target.value })}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            placeholder="No minimum"
            className={`mt-1 ${inputClass('minimumOrder')}`}
            {...invalid('minimumOrder')}
          />
          {fieldError('minimumOrder')}
        </div>
      </div>

      <fieldset>
        <legend className="font-medium text-gray-800">Opening hours</legend>
        <label className="mt-2 flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={values.alwaysOpen}
            onChange={(event) => set({ alwaysOpen: event.target.checked })}
            className="h-5 w-5 accent-primary"
          />
          Open all the time
        </label>
        {!values.alwaysOpen && (
          <div className="mt-2 grid grid-cols-2 gap-3 sm:max-w-sm">
            <div>
              <label htmlFor={`${id}-hours.open`} className="text-sm">
                Opens at
              </label>
              <input
                id={`${id}-hours.open`}
                type="time"
                value={values.open}
                onChange={(event) => set({ open: event.target.value })}
                className={inputClass('hours.open')}
                {...invalid('hours.open')}
              />
              {fieldError('hours.open')}
            </div>
            <div>
              <label htmlFor={`${id}-hours.close`} className="text-sm">
                Closes at
              </label>
              <input
                id={`${id}-hours.close`}
                type="time"
                value={values.close}
                onChange={(event) => set({ close: event.target.value })}
                className={inputClass('hours.close')}
                {...invalid('hours.close')}
              />
              {fieldError('hours.close')}
            </div>
            <p className="col-span-2 text-xs text-gray-600">
              No express orders are taken while closed (slots still take orders). A closing time before the opening time means after midnight.
            </p>
          </div>
        )}
      </fieldset>

      <SlotSettingsFields
        id={id}
        values={values.slotSettings}
        onChange={(slotSettings) => set({ slotSettings })}
        fieldError={fieldError}
        invalid={invalid}
        inputClass={inputClass}
      />

      <button
        type="submit"
        disabled={save.isPending}
        className="min-h-12 w-full rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70 sm:w-auto"
      >
        {save.isPending ? 'Saving…' : 'Save delivery settings'}
      </button>
    </form>
  );
}
