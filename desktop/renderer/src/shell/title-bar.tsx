import { APP_NAME } from '../../../shared/ipc-contract';

/** The app header: product mark and name. */
export function TitleBar() {
  return (
    <header className="title-bar">
      <span className="title-bar__mark" aria-hidden="true">
        V
      </span>
      <h1 className="title-bar__title">{APP_NAME}</h1>
    </header>
  );
}
