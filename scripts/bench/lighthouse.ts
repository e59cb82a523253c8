// Lighthouse 12 (the version the shared anchors were measured with), installed on first use into
// a cache folder rather than as a project dependency (about 200 packages), and one run of it.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './processes.ts';

const toolsDir = path.join(root, 'node_modules', '.cache', 'bench-tools');
const lighthouseDir = path.join(toolsDir, 'node_modules', 'lighthouse');
export const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-background-networking ' +
  '--disable-component-update --disable-sync --no-first-run --disable-dev-shm-usage';

export type FormFactor = 'mobile' | 'desktop';
export const FORM_FACTORS: readonly FormFactor[] = ['mobile', 'desktop'];

/** The parts of a Lighthouse report the bench reads. */
export interface LhNode {
  type?: string;
  selector?: string;
  snippet?: string;
}
export interface LhChain {
  url: string;
  navStartToEndTime: number;
  isLongest?: boolean;
  children?: Record<string, LhChain>;
}
export interface LhItem {
  url?: string;
  statusCode?: number;
  resourceType?: string;
  wastedBytes?: number;
  totalBytes?: number;
  wastedMs?: number;
  total?: number;
  description?: string;
  phase?: string;
  timing?: number;
  node?: LhNode;
  source?: LhNode & { url?: string; line?: number };
  items?: LhItem[];
  value?: { type?: string; chains?: Record<string, LhChain> };
}
export interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  details?: { items?: LhItem[] };
}
export interface LhReport {
  lighthouseVersion?: string;
  requestedUrl?: string;
  finalDisplayedUrl?: string;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number; hostUserAgent?: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string }[] } | undefined>;
  audits: Record<string, LhAudit | undefined>;
}

function lighthouseVersion(): string | undefined {
  try {
    const manifest = fs.readFileSync(path.join(lighthouseDir, 'package.json'), 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return undefined;
  }
}

export async function ensureLighthouse(): Promise<string | undefined> {
  if (!lighthouseVersion()?.startsWith('12.')) {
    console.error(
      `Installing lighthouse@12 into ${path.relative(root, toolsDir)} (first run only)…`,
    );
    const args = ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts'];
    await run('npm', [...args, '--prefix', toolsDir, 'lighthouse@12']);
  }
  return lighthouseVersion();
}

/** One Lighthouse run in a fresh Chrome, as the reference figures (docs/performance.md) were measured. */
export async function lighthouse(
  url: string,
  formFactor: FormFactor,
  outputPath: string,
): Promise<LhReport> {
  const args = [
    path.join(lighthouseDir, 'cli', 'index.js'),
    url,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--max-wait-for-load=45000',
  ];
  // SIGINT, not SIGTERM: Lighthouse's Chrome launcher then closes the browser it started.
  const options = {
    env: { ...process.env, CHROME_PATH: chromePath },
    stopSignal: 'SIGINT' as const,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await run(process.execPath, args, options);
      const report = JSON.parse(fs.readFileSync(outputPath, 'utf8')) as LhReport;
      if (report.runtimeError) throw new Error(`${url}: ${report.runtimeError.message}`);
      return report;
    } catch (error) {
      if (attempt === 2) throw error;
      console.error(
        `  Lighthouse failed, retrying once: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
}
