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
        <Tabs.Tab value="users">Users</Tabs.Tab>
        <Tabs.Tab value="clients">Clients</Tabs.Tab>
        <Tabs.Tab value="locations">Locations</Tabs.Tab>
        <Tabs.Tab value="components">Components</Tabs.Tab>
        <Tabs.Tab value="inspection-kinds">Inspection kinds</Tabs.Tab>
        <Tabs.Tab value="service-tokens">Service tokens</Tabs.Tab>
        <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="users" pt="md">
        <UsersPanel currentUserId={currentUserId} />
      </Tabs.Panel>
      <Tabs.Panel value="clients" pt="md">
        <ClientsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="locations" pt="md">
        <LocationsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="service-tokens" pt="md">
        <ServiceTokensPanel />
      </Tabs.Panel>
      <Tabs.Panel value="webhooks" pt="md">
        <WebhooksPanel />
      </Tabs.Panel>
      {/* Never shown (choosing the tab navigates); it gives the tab a panel to point to. */}
      <Tabs.Panel value="components" pt="md">
        <Anchor component={Link} to="/components">
          Components
        </Anchor>
      </Tabs.Panel>
      <Tabs.Panel value="inspection-kinds" pt="md">
        <Anchor component={Link} to="/inspection-kinds">
          Inspection kinds
        </Anchor>
      </Tabs.Panel>
    </Tabs>
  );
}
