/** Boots a kernel with the pages plugin, every view provider and the recording stand-ins. */
import { bootKernel, type BootKernelOptions } from '../../../../../core/testing';
import type { Plugin } from '../../../../../core';
import type { EventDefinition, PageDefinition } from '../../../../../core/project/types';
import pages from '../../../../../plugins/modules/pages';
import callback from '../../../../../plugins/view-providers/callback';
import domChanged from '../../../../../plugins/view-providers/dom-changed';
import immediate from '../../../../../plugins/view-providers/immediate';
import manual from '../../../../../plugins/view-providers/manual';
import polling from '../../../../../plugins/view-providers/polling';
import urlChanged from '../../../../../plugins/view-providers/url-changed';
import { fakeWindow } from '../../view-providers/fake-window';
import { standIns, type StandInOptions } from './stand-ins';

export const viewProviders = (): Plugin[] => [immediate, callback, polling(), manual, urlChanged, domChanged()];

export interface PagesBoot extends StandInOptions {
  pages: Array<Partial<PageDefinition> & { id: string; apiName: string }>;
  events?: EventDefinition[];
  url?: string;
  plugins?: Plugin[];
  kernel?: Partial<BootKernelOptions>;
}

export const bootPages = (options: PagesBoot) => {
  const calls: string[] = [];
  const win = fakeWindow(options.url ?? 'https://www.example.com/');
  const t = bootKernel({
    plugins: [standIns(calls, options), ...(options.plugins ?? []), pages(), ...viewProviders()],
    win,
    data: { pages: options.pages as PageDefinition[], events: options.events ?? [] },
    ...options.kernel,
  });
  return { t, calls, win };
};

/** A URL condition. */
export const url = (match: 'exact' | 'substring' | 'simple' | 'regex', value: string) => ({ type: 'url' as const, match, value });
