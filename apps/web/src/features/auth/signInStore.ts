import { create } from 'zustand';

interface SignInState {
  /**
   * True from a successful sign-in until the sign-in form has left the page. The session is signed in
   * by then, but the form still has to take the user on to its redirect target (SPEC §2), so the guard
   * must not send them to the dashboard meanwhile.
   */
  isCompletingSignIn: boolean;
  setCompletingSignIn: (isCompleting: boolean) => void;
}

export const useSignInStore = create<SignInState>()((set) => ({
  isCompletingSignIn: false,
  setCompletingSignIn: (isCompleting) => set({ isCompletingSignIn: isCompleting }),
}));
