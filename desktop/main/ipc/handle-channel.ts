import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { IpcArgs, IpcChannel, IpcResult } from '../../shared/ipc-contract';

/** Decides whether an `invoke` comes from the editor's own renderer. */
export type SenderCheck = (event: IpcMainInvokeEvent) => boolean;

/** A typed handler for channel `C`, answering with the contract's result type. */
export type ChannelHandler<C extends IpcChannel> = (
  event: IpcMainInvokeEvent,
  ...args: IpcArgs<C>
) => IpcResult<C> | Promise<IpcResult<C>>;

/**
 * Registers `handler` on `channel` with `ipcMain.handle`, typed by the IPC
 * contract. Calls from any other frame than the editor renderer (for example a
 * webview guest or a frame it navigated to) are rejected before the handler runs.
 */
export function handleChannel<C extends IpcChannel>(
  ipcMain: IpcMain,
  channel: C,
  isTrustedSender: SenderCheck,
  handler: ChannelHandler<C>,
): void {
  ipcMain.handle(channel, (event, ...args: unknown[]) => {
    if (!isTrustedSender(event)) throw new Error(`Refused ${channel}: the sender is not the editor renderer`);
    return handler(event, ...(args as IpcArgs<C>));
  });
}

/**
 * Builds a {@link SenderCheck} from a URL rule: the sending frame must still
 * exist and be on a URL the rule accepts.
 */
export function createSenderCheck(isAppUrl: (url: string) => boolean): SenderCheck {
  return (event) => {
    const url = event.senderFrame?.url;
    return url !== undefined && isAppUrl(url);
  };
}
