import { useAddresses } from '@/features/addresses';
import { useUser } from '@/features/auth';
import { DeliveryLine, useStoredPincode } from '@/features/delivery';

/**
 * The header's delivery line, with the signed-in shopper's default address as the pincode until they
 * give one (the addresses are asked only then, once: the pincode is kept afterwards).
 */
export function DeliveryStrip() {
  const { data: user } = useUser();
  const stored = useStoredPincode();
  const addresses = useAddresses(user && !stored ? user._id : undefined);
  const fallback = addresses.data?.find((address) => address.isDefault)?.pincode ?? addresses.data?.[0]?.pincode ?? null;
  return <DeliveryLine fallbackPincode={fallback} />;
}
