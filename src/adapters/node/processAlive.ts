/** Whether process `pid` still runs on this machine (EPERM: it runs, under another user). */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException)?.code === "EPERM"
  }
}
