import { Box, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandHeader } from './brand-header';
import classes from './product-page.module.css';

/** Brand header above one centred card: the frame of the product's own pages. */
export function ProductShell({
  email,
  headerActions,
  children,
}: {
  email?: string;
  headerActions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box className={classes.shell}>
      <BrandHeader email={email} actions={headerActions} />
      <Box component="main" className={classes.main}>
        <Paper className={classes.card} radius="lg" shadow="md" withBorder>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
