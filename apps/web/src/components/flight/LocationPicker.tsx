import { useState } from 'react';
import { DownOutlined } from '@ant-design/icons';
import { LightBox } from '../light/LightBox';
import { useLightField } from '../light/use-light-field';
import { searchWidgets } from '../light/widgets';
import { LocationSelect, type LocationPickerProps } from './LocationSelect';
import { placeLabel, placeOf } from './place-labels';

export type { LocationPickerProps };

/**
 * City or airport picker (LocationSelect.tsx, antd's Select with the server's suggestions). Until that is loaded
 * (lib/deferred.ts: when the user reaches this or another search field), a light box shows the chosen place
 * and takes typing; the select then takes over, focused and searching for what was typed when the user was in it.
 */
export function LocationPicker(props: LocationPickerProps) {
  const [typed, setTyped] = useState('');
  const { module: widgets, focused, clicked, handlers } = useLightField(searchWidgets, () => setTyped(''));
  if (widgets) {
    return <LocationSelect {...props} Select={widgets.Select} autoFocus={focused} initialSearch={focused ? typed : ''} defaultOpen={focused && (clicked || typed !== '')} />;
  }
  const { value, valueType, airportsOnly, placeholder, ariaLabel, status, id } = props;
  const type = (airportsOnly ? 'airport' : valueType) ?? placeOf(value)?.type ?? 'city';
  return (
    <LightBox
      id={id}
      aria-label={ariaLabel}
      // As antd's select: in the focused box the chosen place turns into the placeholder, and typing searches anew.
      placeholder={value ? placeLabel(value, type) : placeholder}
      value={focused ? typed : value ? placeLabel(value, type) : ''}
      status={status}
      suffix={<DownOutlined />}
      {...handlers}
      onChange={(e) => setTyped(e.target.value)}
    />
  );
}
