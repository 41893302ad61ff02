import type { ReactNode } from 'react';
import { Anchor, Tabs } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ClientsPanel, LocationsPanel } from './CatalogPanels.tsx';
import { UsersPanel } from './UsersPanel.tsx';
import { ServiceTokensPanel } from '../tokens/ServiceTokensPanel.tsx';
import { WebhooksPanel } from '../webhooks/WebhooksPanel.tsx';
import classes from './profile.module.css';

const TABS = ['users', 'clients', 'locations', 'service-tokens', 'webhooks'] as const;
type Tab = (typeof TABS)[number];

/**
 * The admin tabs of the profile. The open tab is kept in the address (?tab=clients), so
 * reload and Back keep it. Components is a tab too, but its page is /components,
 * so choosing it navigates there.
 */
export function AdminTabs({ currentUserId }: { currentUserId: string }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'users';

  // In tab order. The panels of Components and Inspection kinds are never shown (choosing the tab navigates); it gives
  // the tab a panel to point to.
  const panels: {
    value: Tab | 'components' | 'inspection-kinds';
    label: string;
    panel: ReactNode;
  }[] = [
    { value: 'users', label: 'Users', panel: <UsersPanel currentUserId={currentUserId} /> },
    { value: 'clients', label: 'Clients', panel: <ClientsPanel /> },
    { value: 'locations', label: 'Locations', panel: <LocationsPanel /> },
    {
      value: 'components',
      label: 'Components',
      panel: (
        <Anchor component={Link} to="/components">
          Components
        </Anchor>
      ),
    },
    {
      value: 'inspection-kinds',
      label: 'Inspection kinds',
      panel: (
        <Anchor component={Link} to="/inspection-kinds">
          Inspection kinds
        </Anchor>
      ),
    },
    { value: 'service-tokens', label: 'Service tokens', panel: <ServiceTokensPanel /> },
    { value: 'webhooks', label: 'Webhooks', panel: <WebhooksPanel /> },
  ];

  const onChange = (value: string | null) => {
    if (value === 'components') {
      navigate('/components');
      return;
    }
    if (value === 'inspection-kinds') {
      navigate('/inspection-kinds');
      return;
    }
    if (value) setParams({ tab: value }, { replace: true });
  };

  return (
    // Arrow keys only move focus: activating "Components" must be a deliberate Enter.
    <Tabs
      value={tab}
      onChange={onChange}
      activateTabWithKeyboard={false}
      classNames={{ tab: classes.tab }}
    >
      <Tabs.List>
        {panels.map(({ value, label }) => (
          <Tabs.Tab key={value} value={value}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {panels.map(({ value, panel }) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
