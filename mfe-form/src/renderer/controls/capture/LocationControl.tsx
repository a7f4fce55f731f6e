/**
 * A location field (issue 32): the device's fix (latitude, longitude, accuracy, time) on request and
 * again on refresh, offline too; a required accuracy from the builder (a coarser fix shows as such and
 * Ajv refuses it, in the browser and at the BFF); coordinates typed by hand when the device cannot
 * give them and no accuracy is required. The value is shown formatted, and only that in print.
 */
import { memo, useContext, useRef, useState } from 'react';
import { Button, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import {
  formatAccuracy,
  formatDateTime,
  formatLocation,
  isGeoValue,
  meetsAccuracy,
  parseCoordinates,
  requiredAccuracyOf,
  type GeoValue,
} from 'form-core';
import { PrintModeContext, useFormContext } from '../../context';
import type { RendererProps } from '../../types';
import { ControlShell, useControl } from '../shared';
import { GeoError, currentFix, type GeoFailure } from './geolocate';
import { LOCATION_TEXTS as T } from './texts';

export const LocationControl = memo(function LocationControl(props: RendererProps) {
  const state = useControl(props);
  const { services } = useFormContext();
  const printing = useContext(PrintModeContext);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<GeoFailure | undefined>();
  const [typing, setTyping] = useState(false);
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [badTyped, setBadTyped] = useState(false);
  // A fix that arrives after the field was cleared or another fix was asked for is dropped.
  const ask = useRef(0);
  if (state.rule.hidden) return null;

  const value = isGeoValue(state.value) ? (state.value as GeoValue) : undefined;
  const required = requiredAccuracyOf(state.controlSchema);
  // Typed coordinates carry no accuracy: they cannot meet a required one, so typing is not offered then.
  const canType = required === undefined;
  const text = value ? formatLocation(value) : '';

  const locate = async (): Promise<void> => {
    const mine = ++ask.current;
    setBusy(true);
    setFailure(undefined);
    try {
      const fix = await currentFix();
      if (mine === ask.current) {
        state.setValue(fix);
        setTyping(false);
      }
    } catch (e) {
      if (mine === ask.current) setFailure(e instanceof GeoError ? e.reason : 'unavailable');
    } finally {
      if (mine === ask.current) setBusy(false);
    }
  };

  const applyTyped = (): void => {
    const v = parseCoordinates(lat, lon);
    if (!v) {
      setBadTyped(true);
      return;
    }
    ask.current++;
    setBusy(false);
    setBadTyped(false);
    setFailure(undefined);
    setTyping(false);
    state.setValue({ ...v, timestamp: new Date().toISOString() });
  };

  const id = state.id;
  if (printing || !state.enabled) {
    return (
      <ControlShell state={state} labelFor={false}>
        <Text fontSize="sm" data-testid="location-value" aria-labelledby={`${id}-label`}>
          {text || '—'}
        </Text>
      </ControlShell>
    );
  }

  const coarse = value && !meetsAccuracy(value, required);
  return (
    <ControlShell state={state} labelFor={false}>
      <Stack spacing={2} role="group" aria-labelledby={`${id}-label`} data-testid="location-control">
        {value ? (
          <Stack spacing={0}>
            <Text fontSize="sm" fontWeight="medium" data-testid="location-value">
              {text}
            </Text>
            <Text fontSize="xs" color="gray.600">
              {value.source === 'manual'
                ? T.typed
                : value.timestamp
                  ? T.taken(formatDateTime(value.timestamp, { timeZone: services.timeZone }))
                  : null}{' '}
              <Link
                href={`https://www.openstreetmap.org/?mlat=${value.latitude}&mlon=${value.longitude}#map=17/${value.latitude}/${value.longitude}`}
                isExternal
                className="cq-no-print"
              >
                {T.openMap}
              </Link>
            </Text>
          </Stack>
        ) : null}
        {required !== undefined && !coarse ? (
          <Text fontSize="xs" color="gray.600">
            {T.needs(formatAccuracy(required))}
          </Text>
        ) : null}
        {coarse ? (
          <Text fontSize="sm" color="orange.700" role="alert" data-testid="location-accuracy">
            {value.accuracy === undefined
              ? T.tooCoarseTyped(formatAccuracy(required ?? 0))
              : T.tooCoarse(formatAccuracy(value.accuracy), formatAccuracy(required ?? 0))}
          </Text>
        ) : null}
        <HStack spacing={2} flexWrap="wrap">
          <Button
            size="sm"
            colorScheme="blue"
            variant={value ? 'outline' : 'solid'}
            onClick={() => void locate()}
            isLoading={busy}
            loadingText={T.locating}
            aria-describedby={failure ? `${id}-geo-failure` : undefined}
          >
            {value ? T.refresh : T.get}
          </Button>
          {canType && !typing ? (
            <Button size="sm" variant="ghost" onClick={() => setTyping(true)}>
              {T.typeIt}
            </Button>
          ) : null}
          {value ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                ask.current++;
                setBusy(false);
                state.setValue(undefined);
              }}
            >
              {T.clear}
            </Button>
          ) : null}
        </HStack>
        {failure ? (
          <Text
            fontSize="sm"
            color="red.600"
            role="alert"
            id={`${id}-geo-failure`}
            data-testid="location-failure"
          >
            {T.failure(failure, canType)}
          </Text>
        ) : null}
        {typing && canType ? (
          <Stack spacing={2} data-testid="location-typed">
            <HStack spacing={2} align="flex-end">
              <CoordinateInput label={T.latitude} value={lat} placeholder="48.85837" onChange={setLat} />
              <CoordinateInput label={T.longitude} value={lon} placeholder="2.29448" onChange={setLon} />
            </HStack>
            {badTyped ? (
              <Text fontSize="sm" color="red.600" role="alert">
                {T.badCoordinates}
              </Text>
            ) : null}
            <HStack spacing={2}>
              <Button size="sm" onClick={applyTyped}>
                {T.use}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setTyping(false)}>
                {T.cancel}
              </Button>
            </HStack>
          </Stack>
        ) : null}
      </Stack>
    </ControlShell>
  );
});

/** One coordinate typed by hand (latitude or longitude), labelled. */
function CoordinateInput(props: {
  label: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
}) {
  return (
    <label style={{ flex: 1 }}>
      <Text as="span" fontSize="xs">
        {props.label}
      </Text>
      <Input
        size="sm"
        inputMode="decimal"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}
