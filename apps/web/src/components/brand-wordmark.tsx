import { Group, rem, Text } from './plain-ui';

/** The Brizo FoodMetrics wordmark: the mark plus the product name. */
export function BrandWordmark({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const markSize = size === 'lg' ? 36 : 28;
  return (
    <Group gap={10} wrap="nowrap" aria-label="Brizo FoodMetrics" role="img">
      <svg width={markSize} height={markSize} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
        <path d="M10 8h7.5a5 5 0 0 1 3.2 8.8A5.3 5.3 0 0 1 18 24h-8z" fill="#fff" />
        <path
          d="M14 11.5v3.5h3.2a1.75 1.75 0 0 0 0-3.5zM14 18.5v2.5h3.6a1.25 1.25 0 0 0 0-2.5z"
          fill="var(--mantine-color-brand-7)"
        />
      </svg>
      <Text
        component="span"
        style={{
          color: 'var(--mantine-color-dark-8)',
          fontSize: rem(size === 'lg' ? 22 : 18),
          fontWeight: 700,
          lineHeight: 1,
        }}
        aria-hidden="true"
      >
        Brizo{' '}
        <Text
          component="span"
          style={{ color: 'var(--mantine-color-brand-7)', fontWeight: 500 }}
          data-inherit="true"
        >
          FoodMetrics
        </Text>
      </Text>
    </Group>
  );
}
