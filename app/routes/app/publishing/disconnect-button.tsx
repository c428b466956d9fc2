import { createContext, useContext } from "react";
import { Button } from "~/components/ui/button";

export type DisconnectQuestion = { title: string; description: string };

/**
 * 'Disconnect' asks first, in one dialog of the screen's own (Publishing): the card that offers it is gone once
 * the connection is, and the answer's toast must still show.
 */
export const AskDisconnect = createContext<(question: DisconnectQuestion) => void>(() => undefined);

export function DisconnectButton({ disabled, ...question }: { disabled: boolean } & DisconnectQuestion) {
  const ask = useContext(AskDisconnect);
  return (
    <Button
      type="button"
      variant="ghost"
      className="text-destructive hover:text-destructive"
      disabled={disabled}
      onClick={() => ask(question)}
    >
      Disconnect
    </Button>
  );
}
