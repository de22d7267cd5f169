import { Box, Grid, Group, Paper } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LanguageSwitch } from '../../../components/language-switch';
import { Brand } from '../../../components/product-mark';
import { randomBackground } from '../background';
import { ProviderBlurb } from './provider-blurb';

/** The frame of every sign-in view: a random landscape, the provider's pitch, the form card. */
export function LoginLayout({ children }: { children: ReactNode }) {
  const [background] = useState(() => randomBackground());
  return (
    <Box
      mih="100vh"
      style={{
        backgroundColor: '#1b3a5c',
        backgroundImage: `url(${background})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Group justify="space-between" p="md" wrap="nowrap">
        <Brand inverted />
        <Paper radius="sm" p={2}>
          <LanguageSwitch />
        </Paper>
      </Group>
      <Grid gap="xl" px={{ base: 'md', md: 'xl' }} py={{ base: 'md', md: 48 }} align="center" maw={1200} mx="auto">
        {/* The form first in the document, so its h1 leads the outline; on wide screens it is drawn on the right. */}
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <Paper component="main" shadow="lg" radius="md" p="xl" maw={440} mx="auto">
            {children}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <ProviderBlurb />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
