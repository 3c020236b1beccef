/** `--name=value` on the command line (`npm run bench:x -- --name=value`), or undefined. */
export const optionOf = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

/** A number given as `--name=N`, or the fallback. */
export const numberOption = (name: string, fallback: number) => Number(optionOf(name) ?? fallback);
